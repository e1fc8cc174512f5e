/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'off' sends plain JSON bodies instead of sealed `xx` ones. */
  readonly VITE_XX?: string;
  /** The app secret of a production build (default: the sandbox key DEV_CLIENT). */
  readonly VITE_H5_APP_SECRET?: string;
  /** The site this build serves (default: the server's default site). */
  readonly VITE_SITE_ID?: string;
}
