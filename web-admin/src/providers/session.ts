import type { StaffView } from '@mkt/contracts';

export const TOKEN_KEY = 'admin_token';
export const STAFF_KEY = 'admin_staff';

/** The signed-in staff member as kept in the browser: the token, and their profile for the menus. */
export interface Session {
  getToken(): string | null;
  getStaff(): StaffView | null;
  save(token: string, staff: StaffView): void;
  setStaff(staff: StaffView): void;
  clear(): void;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage is looked up at call time, so importing this module needs no browser. */
export function createSession(storage: () => StorageLike = () => globalThis.localStorage): Session {
  return {
    getToken: () => storage().getItem(TOKEN_KEY),
    getStaff: () => {
      const raw = storage().getItem(STAFF_KEY);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as StaffView;
      } catch {
        return null;
      }
    },
    save(token, staff) {
      storage().setItem(TOKEN_KEY, token);
      storage().setItem(STAFF_KEY, JSON.stringify(staff));
    },
    setStaff: (staff) => storage().setItem(STAFF_KEY, JSON.stringify(staff)),
    clear() {
      storage().removeItem(TOKEN_KEY);
      storage().removeItem(STAFF_KEY);
    },
  };
}

export const session = createSession();
