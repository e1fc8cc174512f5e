import { useNavigate, useSearchParams } from 'react-router-dom';

/** Where a bind form returns when done: the `back` it was opened with (a wallet path only), else `fallback`. */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = params.get('back');
  const target = back && back.startsWith('/app/wallet') ? back : fallback;
  return () => navigate(target, { replace: true });
}
