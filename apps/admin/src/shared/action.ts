import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * An operator's action from a screen: the call, a success toast, the lists it changed read again
 * (`keys`, query-key prefixes), and `onDone` (e.g. close the dialog); a refusal shows its zh-CN message.
 */
export function useAction<B>(send: (body: B) => Promise<unknown>, opts: { keys: string[]; success: string; onDone?: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      message.success(opts.success);
      opts.onDone?.();
      for (const key of opts.keys) await queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (err) => message.error(err.message),
  });
}
