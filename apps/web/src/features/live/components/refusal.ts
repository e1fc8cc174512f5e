import { Toast } from 'antd-mobile';
import { ApiError } from '../../../shared/api/request.ts';

/** Shows the server's refusal in its own words (muted, too fast, blocked words, not enough gold...). */
export const showRefusal = (err: unknown): void => {
  if (!(err instanceof ApiError)) throw err;
  Toast.show({ content: err.message });
};
