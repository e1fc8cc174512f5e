import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../shared/ui/Field.tsx';
import { PinInput } from './PinInput.tsx';

interface Props {
  title: string;
  detail: string;
  /** Runs once all 6 digits are in; answers the refusal to show, or null when done. */
  submit(pin: string): Promise<string | null>;
  /** The submitted action runs: the sheet stays until it answered. */
  busy: boolean;
  onClose(): void;
}

/** Asks for the withdrawal password before money leaves: the 6 boxes in a sheet that stays above its keypad. */
export function PinSheet({ title, detail, submit, busy, onClose }: Props) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const filled = async (value: string) => {
    setRefusal(null);
    const problem = await submit(value);
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
