import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import './field.css';

export interface FieldProps {
  icon: ReactNode;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  name: string;
  type?: 'text' | 'password' | 'tel' | 'email';
  maxLength?: number;
  readOnly?: boolean;
  autoComplete?: string;
  extra?: ReactNode;
  onBlur?(): void;
  invalid?: boolean;
}

/** One input of the site's forms: an icon, the input, and for passwords an eye that shows them. */
export function Field({ icon, value, onChange, placeholder, name, type = 'text', maxLength, readOnly, autoComplete, extra, onBlur, invalid }: FieldProps) {
  const [visible, setVisible] = useState(false);
  const inputType = type === 'password' && !visible ? 'password' : type === 'password' ? 'text' : type;
  return (
    <div className={`bp-field${invalid ? ' bp-field--invalid' : ''}`}>
      <span className="bp-field-icon">{icon}</span>
      <Input
        name={name}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        type={inputType}
        maxLength={maxLength}
        readOnly={readOnly}
        autoComplete={autoComplete}
        onBlur={onBlur}
        clearable={!readOnly}
      />
      {type === 'password' && (
        <span className="bp-field-eye" role="button" aria-label="toggle" onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </span>
      )}
      {extra}
    </div>
  );
}

/** The line under a field: its message (or a positive note), kept in place so the form does not jump. */
export function FieldError({ text, ok }: { text?: string | null; ok?: string | null }) {
  return (
    <div className={`bp-field-error${!text && ok ? ' bp-field-ok' : ''}`} role={text ? 'alert' : undefined}>
      {text || ok || ''}
    </div>
  );
}
