/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts for every build; compared with /builds/latest.json. */
  readonly VITE_BUILD_ID: string;
}
