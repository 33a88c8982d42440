/** The same nested keys as T, with any string as the value: the shape every language must have. */
export type MessageShape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : MessageShape<T[K]>;
};
