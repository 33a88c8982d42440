import 'reflect-metadata';
import type { EventDefinition } from '@mkt/contracts';
import type { ServiceEventHandler } from './idempotent-handler.js';

const ON_EVENT = Symbol('OnEvent');

/**
 * Marks a provider method as this service's handler of an event. The method receives the
 * validated payload and `{ envelope, manager, consumerGroup }`; it writes through `manager`, whose
 * transaction also records the event as handled, so a redelivery is not applied twice.
 * Discovered in the providers of the module that imports `EventsModule.forService(...)`.
 */
export function OnEvent<D extends EventDefinition>(definition: D) {
  // Generic over the method so a handler may take fewer parameters, yet a wrong payload type fails to compile.
  return <M extends ServiceEventHandler<D>>(
    target: object,
    propertyKey: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const existing: EventDefinition[] = Reflect.getMetadata(ON_EVENT, target, propertyKey) ?? [];
    Reflect.defineMetadata(ON_EVENT, [...existing, definition], target, propertyKey);
    void descriptor;
  };
}

export interface DeclaredEventHandler {
  definition: EventDefinition;
  methodName: string;
}

/** Every @OnEvent method of an instance (own and inherited). */
export function declaredEventHandlers(instance: object): DeclaredEventHandler[] {
  const found: DeclaredEventHandler[] = [];
  const seen = new Set<string>();
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const methodName of Object.getOwnPropertyNames(proto)) {
      if (methodName === 'constructor' || seen.has(methodName)) continue;
      seen.add(methodName);
      const definitions: EventDefinition[] | undefined = Reflect.getMetadata(ON_EVENT, proto, methodName);
      for (const definition of definitions ?? []) found.push({ definition, methodName });
    }
  }
  return found;
}
