import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field, type FieldProps } from './Field.tsx';

// Apart from Field: a page with a plain field (an amount, a search) does not load the form library.
/** A Field bound to a react-hook-form field by name; `trim` drops spaces as they are typed; `onChange` hears each new value. */
export function FormField<F extends FieldValues>({
  control,
  name,
  trim,
  deps,
  onChange,
  onBlur,
  ...props
}: Omit<FieldProps, 'value' | 'onChange' | 'name'> & {
  control: Control<F>;
  name: Path<F>;
  trim?: boolean;
  /** Fields whose messages depend on this one, checked again as it changes. */
  deps?: Path<F>[];
  onChange?(value: string): void;
}) {
  const { field } = useController({ control, name, rules: { deps } });
  return (
    <Field
      {...props}
      name={name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(v) => {
        const value = trim ? v.trim() : v;
        field.onChange(value);
        onChange?.(value);
      }}
      onBlur={() => {
        field.onBlur();
        onBlur?.();
      }}
    />
  );
}
