import { createContext, useContext, useSyncExternalStore } from 'react';
import {
  blockedDetails,
  blockSchema,
  type BlockInfo,
  type SessionUser,
} from '../../shared/session';
import { isApiError } from '../api/api-client';

/** localStorage key holding whether this browser was signed in (SPEC §4 auth state). */
export const IS_USER_KEY = 'viewpoint:isUser';

export interface AuthUser {
  uid: string;
  name: string;
  username: string | null;
  emailVerified: boolean;
  /** Read from the server; anything that is not a known role grants nothing. */
  role: string | null;
  /** The avatar (`/media/…webp`), when the user chose one. */
  image?: string | null;
}

export interface AuthState {
  isUser: boolean;
  user: AuthUser | null;
}

const anonymous: AuthState = { isUser: false, user: null };

export function toAuthUser(user: SessionUser): AuthUser {
  return {
    uid: user.id,
    name: user.name,
    username: user.username,
    emailVerified: user.emailVerified,
    role: user.role,
    image: user.image,
  };
}

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
 * `isUser` starts from the persisted flag so the first paint can show a signed-in header while
 * the session is checked; `user` is only ever what the server confirmed. The flag is read
 * lazily so importing this module touches no browser global.
 */
let state: AuthState | null = null;
const listeners = new Set<() => void>();

function getState(): AuthState {
  state ??= { ...anonymous, isUser: readPersistedIsUser() };
  return state;
}

const userFields = ['uid', 'name', 'username', 'emailVerified', 'role'] as const;

function sameState(a: AuthState, b: AuthState): boolean {
  if (a.isUser !== b.isUser) return false;
  if (a.user === null || b.user === null) return a.user === b.user;
  const [left, right] = [a.user, b.user];
  return userFields.every((field) => left[field] === right[field]);
}

function set(next: AuthState): void {
  // The session is re-confirmed on every poll; an unchanged answer must not re-render the app.
  if (state !== null && sameState(state, next)) return;
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

/** The server's answer to "who is signed in?" settles the state either way. */
function confirm(user: SessionUser | null): void {
  if (user) signIn(toAuthUser(user));
  else signOut();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const authState = { getState, signIn, signOut, confirm, subscribe };

/** The auth state of a session the server confirmed (null: nobody is signed in). */
export function authStateOf(user: SessionUser | null | undefined): AuthState {
  return user ? { isUser: true, user: toAuthUser(user) } : anonymous;
}

/**
 * The auth state a server render used: the server renders the page for the session it was
 * asked with, and the browser hydrates with the same state before its own store takes over.
 */
export const RenderedAuthContext = createContext<AuthState>(anonymous);

export function useAuthState(): AuthState {
  const rendered = useContext(RenderedAuthContext);
  return useSyncExternalStore(subscribe, getState, () => rendered);
}

/* Blocked accounts: a state of their own, told by the server on any call. */

/** sessionStorage key keeping why this tab's account is blocked, so a reload still says why. */
export const BLOCKED_KEY = 'viewpoint:blocked';

export const ACCOUNT_BLOCKED_PATH = '/account-blocked';

/** The block behind a permission-denied answer, or null for any other error. */
export function blockOf(error: unknown): BlockInfo | null {
  if (!isApiError(error) || error.code !== 'permission-denied') return null;
  const parsed = blockedDetails.safeParse(error.details);
  return parsed.success ? parsed.data.blocked : null;
}

/** A block passed as router state, or null when the state is something else. */
export function blockFromState(state: unknown): BlockInfo | null {
  const parsed = blockSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** The block this tab was last told about, or null. */
export function recallBlock(): BlockInfo | null {
  try {
    const stored = window.sessionStorage.getItem(BLOCKED_KEY);
    return stored === null ? null : blockFromState(JSON.parse(stored));
  } catch {
    return null;
  }
}

/** Forgets the block (a successful sign-in means it is over). */
export function forgetBlock(): void {
  try {
    window.sessionStorage.removeItem(BLOCKED_KEY);
  } catch {
    // Blocked storage: nothing was kept either.
  }
}

/**
 * localStorage key through which a tab tells the site's other tabs of a block: written and
 * removed at once, so each block fires one storage event there. The tabs share the session
 * cookie the server ended with its refusal, so they could not learn the reason from it.
 */
export const BLOCK_NEWS_KEY = 'viewpoint:blocked-news';

/** The block another tab was told of, from its storage event, or null for any other event. */
export function blockFromOtherTab(event: StorageEvent): BlockInfo | null {
  if (event.key !== BLOCK_NEWS_KEY || event.newValue === null) return null;
  try {
    return blockFromState(JSON.parse(event.newValue));
  } catch {
    return null;
  }
}

/**
 * The server (or another tab) says this account is blocked: sign out here too (its session is
 * no longer honoured) and keep the block for the Account Blocked page, even across a reload.
 * A block the server told this tab is passed on to the other tabs first, so they show why
 * before they see the sign-out.
 */
export function noteBlock(block: BlockInfo, options: { fromOtherTab?: boolean } = {}): void {
  const stored = JSON.stringify(block);
  try {
    window.sessionStorage.setItem(BLOCKED_KEY, stored);
    if (!options.fromOtherTab) {
      window.localStorage.setItem(BLOCK_NEWS_KEY, stored);
      window.localStorage.removeItem(BLOCK_NEWS_KEY);
    }
  } catch {
    // Storage can be blocked; the page still gets the block through router state.
  }
  authState.signOut();
}
