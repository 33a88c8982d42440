/** Thrown when a payload does not match its event's schema; nothing is written. */
export class InvalidEventPayloadError extends Error {
  constructor(
    readonly eventName: string,
    readonly problems: string,
  ) {
    super(`Invalid payload for event ${eventName}: ${problems}`);
    this.name = 'InvalidEventPayloadError';
  }
}

/** The outbox only makes sense inside the business transaction; outside one the event could outlive a rollback. */
export class OutboxTransactionRequiredError extends Error {
  constructor(readonly eventName: string) {
    super(
      `OutboxWriter.add(${eventName}) needs the EntityManager of an active transaction ` +
        `(dataSource.transaction(manager => ...)), so the event is stored only if the business change commits`,
    );
    this.name = 'OutboxTransactionRequiredError';
  }
}

export class DuplicateEventHandlerError extends Error {
  constructor(
    readonly consumerGroup: string,
    readonly eventName: string,
    existing: string,
    duplicate: string,
  ) {
    super(
      `Consumer group "${consumerGroup}" has two handlers for event "${eventName}": ${existing} and ${duplicate}. ` +
        `Keep exactly one.`,
    );
    this.name = 'DuplicateEventHandlerError';
  }
}

export class MissingEventHandlerError extends Error {
  constructor(
    readonly consumerGroup: string,
    readonly eventNames: string[],
  ) {
    super(
      `Consumer group "${consumerGroup}" declares it consumes ${eventNames.map((n) => `"${n}"`).join(', ')} ` +
        `but has no @OnEvent handler for ${eventNames.length === 1 ? 'it' : 'them'}.`,
    );
    this.name = 'MissingEventHandlerError';
  }
}

export class UndeclaredEventHandlerError extends Error {
  constructor(
    readonly consumerGroup: string,
    readonly eventNames: string[],
  ) {
    super(
      `Consumer group "${consumerGroup}" has handlers for ${eventNames.map((n) => `"${n}"`).join(', ')} ` +
        `that are missing from its "consumes" list. Declare them (or remove the handlers).`,
    );
    this.name = 'UndeclaredEventHandlerError';
  }
}

export class TransportStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransportStateError';
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
