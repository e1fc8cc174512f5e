import { Errors, type ErrorName } from '@bp/contract';

/**
 * A failure with a code from the catalogue. Thrown anywhere; the error handler answers it as
 * `{code, data, msg}`. `msg` defaults to the catalogue's zh-CN text.
 */
export class AppError extends Error {
  readonly code: number;
  constructor(
    readonly key: ErrorName,
    readonly options: { msg?: string; data?: unknown; httpStatus?: number } = {},
  ) {
    super(options.msg ?? Errors[key].msg);
    this.code = Errors[key].code;
  }
  get httpStatus(): number {
    return this.options.httpStatus ?? 200;
  }
  get data(): unknown {
    return this.options.data ?? null;
  }
}

export const fail = (key: ErrorName, options?: AppError['options']): never => {
  throw new AppError(key, options);
};
