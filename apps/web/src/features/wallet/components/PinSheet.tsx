import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../shared/ui/Field.tsx';
import { PinInput } from './PinInput.tsx';

/**
 * Asks for the withdrawal password before money leaves: the 6 boxes and the keypad in a sheet;
 * `submit` runs once all 6 digits are in and answers the refusal to show, or null when done.
 */
export function PinSheet({ title, detail, submit, onClose }: { title: string; detail: string; submit(pin: string): Promise<string | null>; onClose(): void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const filled = async (value: string) => {
    setBusy(true);
    setRefusal(null);
    const problem = await submit(value);
    setBusy(false);
    if (problem) {
      setRefusal(problem);
      setPin('');
    }
  };
  return (
    <Popup visible onMaskClick={busy ? undefined : onClose} bodyClassName="bp-sheet bp-pin-sheet" destroyOnClose>
      <div className="bp-sheet-title">{title}</div>
      <p className="bp-pin-detail">{detail}</p>
      <PinInput
        value={pin}
        onChange={(v) => {
          setPin(v);
          setRefusal(null);
        }}
        onFill={(v) => void filled(v)}
        label={title}
        error={!!refusal}
        autoFocus
      />
      <FieldError text={refusal} ok={busy ? t('common.loading') : null} />
    </Popup>
  );
}
