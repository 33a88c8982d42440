import { ContributorProtocolAnswered, UserRegistered, UserUpdatedByStaff } from '@mkt/contracts';
import { DuplicateEventHandlerError, MissingEventHandlerError, UndeclaredEventHandlerError } from './event-bus.errors.js';
import { EventHandlerRegistry } from './handler-registry.js';

describe('EventHandlerRegistry', () => {
  it('refuses a second handler for the same group and event, naming both', () => {
    const registry = new EventHandlerRegistry();
    registry.register('catalogue', UserRegistered, 'CatalogueHandlers.onUser');

    expect(() => registry.register('catalogue', UserRegistered, 'OtherHandlers.onUser')).toThrow(DuplicateEventHandlerError);
    expect(() => registry.register('catalogue', UserRegistered, 'OtherHandlers.onUser')).toThrow(
      /"catalogue" has two handlers for event "user.registered": CatalogueHandlers.onUser and OtherHandlers.onUser/,
    );
  });

  it('accepts the same event in different groups', () => {
    const registry = new EventHandlerRegistry();
    registry.register('catalogue', UserRegistered, 'A.on');
    registry.register('payouts', UserRegistered, 'B.on');
    expect(registry.handledEvents('catalogue')).toEqual(['user.registered']);
    expect(registry.handledEvents('payouts')).toEqual(['user.registered']);
  });

  it('refuses a declared event without a handler', () => {
    const registry = new EventHandlerRegistry();
    registry.register('payouts', UserRegistered, 'A.on');

    expect(() => registry.assertMatchesDeclaration('payouts', [UserRegistered, ContributorProtocolAnswered])).toThrow(
      MissingEventHandlerError,
    );
    expect(() => registry.assertMatchesDeclaration('payouts', [UserRegistered, ContributorProtocolAnswered])).toThrow(
      /"payouts" declares it consumes "contributor.protocol.answered" but has no @OnEvent handler/,
    );
  });

  it('refuses a handler for an event the group does not declare', () => {
    const registry = new EventHandlerRegistry();
    registry.register('payouts', UserRegistered, 'A.on');
    registry.register('payouts', UserUpdatedByStaff, 'A.onUpdate');

    expect(() => registry.assertMatchesDeclaration('payouts', [UserRegistered])).toThrow(UndeclaredEventHandlerError);
  });

  it('accepts a group whose handlers match its declaration', () => {
    const registry = new EventHandlerRegistry();
    registry.register('payouts', UserRegistered, 'A.on');
    expect(() => registry.assertMatchesDeclaration('payouts', [UserRegistered])).not.toThrow();
    expect(() => registry.assertMatchesDeclaration('identity', [])).not.toThrow();
  });
});
