import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';

/**
 * Sets options in a route's Fastify config, where the edge's hooks read them once per request
 * without reflection. On a method, that handler; on a class, the handlers it declares (a class
 * decorator runs after its methods' decorators). Not inherited ones: a base class's method is one
 * function for every subclass, marked or not; handlers added to a class afterwards mark themselves.
 */
export function RouteConfig(options: Readonly<Record<string, unknown>>): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      mark(descriptor.value, options);
      return;
    }
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = Object.getOwnPropertyDescriptor(prototype, name)?.value;
      if (name !== 'constructor' && typeof method === 'function') mark(method, options);
    }
  };
}

function mark(handler: object, options: Readonly<Record<string, unknown>>): void {
  const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as object | undefined;
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, ...options }, handler);
}
