import { Injectable } from '@nestjs/common';
import type { EventDefinition } from '@mkt/contracts';
import { DuplicateEventHandlerError, MissingEventHandlerError, UndeclaredEventHandlerError } from './event-bus.errors.js';

/**
 * Every (consumer group, event) handler of the process, so the application refuses to start on a
 * duplicate handler or on a declared event nobody handles, instead of silently double-applying or
 * dropping events.
 */
@Injectable()
export class EventHandlerRegistry {
  /** consumer group -> event name -> where the handler lives (for error messages). */
  private readonly handlers = new Map<string, Map<string, string>>();

  register(consumerGroup: string, definition: EventDefinition, source: string): void {
    const ofGroup = this.handlers.get(consumerGroup) ?? new Map<string, string>();
    const existing = ofGroup.get(definition.name);
    if (existing !== undefined) throw new DuplicateEventHandlerError(consumerGroup, definition.name, existing, source);
    ofGroup.set(definition.name, source);
    this.handlers.set(consumerGroup, ofGroup);
  }

  /**
   * Checks a group's handlers against the events it declares it consumes: each declared event
   * needs a handler, and each handler a declaration.
   */
  assertMatchesDeclaration(consumerGroup: string, consumes: readonly EventDefinition[]): void {
    const handled = this.handledEvents(consumerGroup);
    const declared = new Set(consumes.map((definition) => definition.name));
    const missing = [...declared].filter((name) => !handled.includes(name));
    if (missing.length > 0) throw new MissingEventHandlerError(consumerGroup, missing);
    const undeclared = handled.filter((name) => !declared.has(name));
    if (undeclared.length > 0) throw new UndeclaredEventHandlerError(consumerGroup, undeclared);
  }

  handledEvents(consumerGroup: string): string[] {
    return [...(this.handlers.get(consumerGroup)?.keys() ?? [])].sort();
  }
}
