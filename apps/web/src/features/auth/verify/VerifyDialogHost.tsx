import { Suspense, lazy } from 'react';
import { useStore } from '../../../shared/store.ts';
import { pendingVerification } from './verify-store.ts';

// The dialog, its puzzle and the popup library load when a call first asks for a verification.
const VerifyDialog = lazy(async () => ({ default: (await import('./VerifyDialog.tsx')).VerifyDialog }));

/** Shows the security verification dialog while a call waits for one (seed 4). */
export function VerifyDialogHost() {
  const pending = useStore(pendingVerification);
  return pending ? (
    <Suspense fallback={null}>
      <VerifyDialog key={pending.need.scene + pending.need.verifyType} need={pending.need} finish={pending.finish} />
    </Suspense>
  ) : null;
}
