import { CheckShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormField } from '../../shared/ui/FormField.tsx';
import { captchaImageUrl } from './api.ts';

/** The image code field of login and register: its picture, drawn anew on a tap (`drawn` counts the drawings). */
export function CaptchaField<F extends FieldValues>({ control, drawn, redraw }: { control: Control<F>; drawn: number; redraw: () => void }) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name={'captcha' as Path<F>}
      icon={<CheckShieldOutline />}
      placeholder={t('auth.captchaPlaceholder')}
      maxLength={8}
      extra={<img className="bp-captcha-img" src={captchaImageUrl(drawn)} alt={t('auth.captchaAlt')} onClick={redraw} />}
    />
  );
}
