import { useSyncExternalStore } from 'react';

/** localStorage key holding whether this browser was signed in (SPEC §4 auth state). */
export const IS_USER_KEY = 'viewpoint:isUser';

export interface AuthUser {
  uid: string;
  emailVerified: boolean;
  /** Read from the server; anything that is not a known role grants nothing. */
  role: string | null;
}

export interface AuthState {
  isUser: boolean;
  user: AuthUser | null;
}

const anonymous: AuthState = { isUser: false, user: null };

function readPersistedIsUser(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.localStorage.getItem(IS_USER_KEY) === 'true';
  } catch {
    return false;
  }
}

function persistIsUser(isUser: boolean): void {
  if (typeof window === 'undefined') return;
  try {
    window.localStorage.setItem(IS_USER_KEY, String(isUser));
  } catch {
    // Storage can be blocked; the flag is only a hint for the first paint.
  }
}

/*
 * Accounts land in a later issue. Until then nobody can sign in: `user` stays null, and the
 * persisted flag is read lazily so importing this module touches no browser global.
 */
let state: AuthState | null = null;
const listeners = new Set<() => void>();

function getState(): AuthState {
  state ??= { ...anonymous, isUser: readPersistedIsUser() };
  return state;
}

function set(next: AuthState): void {
  state = next;
  persistIsUser(next.isUser);
  for (const listener of listeners) listener();
}

/** Login (or fetching a current user that exists). */
function signIn(user: AuthUser): void {
  set({ isUser: true, user });
}

/** Logout: forgets the user. */
function signOut(): void {
  set(anonymous);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const authState = { getState, signIn, signOut, subscribe };

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribe, getState, () => anonymous);
}
