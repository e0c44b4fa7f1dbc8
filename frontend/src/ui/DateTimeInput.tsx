import {
  type ComponentProps,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { Form } from 'react-bootstrap';
import { useLanguage } from '../i18n/useLanguage';
import { type DateKind, datePlaceholder, textToValue, valueToText } from './date-format';

/** What onChange and onBlur get: the value in the native input's form (yyyy-MM-ddTHH:mm). */
export interface DateTimeEvent {
  target: { name: string; value: string };
  type: 'change' | 'blur';
}

/** What a ref sees: enough of an input for react-hook-form's register to write and read. */
export interface DateTimeHandle {
  value: string;
  name: string;
  focus: () => void;
}

type Props = Omit<
  ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'size'
> & {
  /** As on a native input, so a swap changes only the component's name. */
  type: 'date' | 'time' | 'datetime-local';
  value?: string;
  /** In the value's form; as react-hook-form's register passes them, numbers are allowed. */
  min?: string | number;
  max?: string | number;
  isInvalid?: boolean;
  onChange?: (event: DateTimeEvent) => unknown;
  onBlur?: (event: DateTimeEvent) => unknown;
  ref?: Ref<DateTimeHandle>;
};

/**
 * A date, time or date-and-time input that shows dd/MM/yyyy HH:mm like the portal's tables
 * (issue 30 point 4; in German dd.MM.yyyy, as the page's language writes it), where a native
 * input follows the browser's own locale (mm/dd/yyyy, AM/PM).
 * Its value keeps the native form, so forms, schemas and the spec's yyyy-MM-ddTHH:mm are
 * unchanged; it works both controlled (value, onChange) and with react-hook-form's register.
 * Text that cannot be read gives '' (as an incomplete native input does) and shows as invalid.
 */
export function DateTimeInput({
  type,
  name = '',
  value,
  min,
  max,
  isInvalid,
  onChange,
  onBlur,
  ref,
  ...rest
}: Props) {
  const kind: DateKind = type === 'datetime-local' ? 'datetime' : type;
  const current = useRef(value ?? '');
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => valueToText(kind, value));
  const [unreadable, setUnreadable] = useState(false);

  const show = (next: string) => {
    current.current = next;
    setText(valueToText(kind, next));
    setUnreadable(false);
  };

  // Controlled: a value set from outside (a reset, a "now" button) shows here.
  useEffect(() => {
    if (value !== undefined && value !== current.current) show(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, kind]);

  // Another language writes dates its own way (dd.MM.yyyy): the value shows again in it.
  const { language } = useLanguage();
  useEffect(() => {
    show(current.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  // react-hook-form's register writes defaults and resets through the ref, and reads it back.
  useImperativeHandle(
    ref,
    () => ({
      get value() {
        return current.current;
      },
      set value(next: string) {
        show(next ?? '');
      },
      name,
      focus: () => input.current?.focus(),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [name, kind],
  );

  const event = (eventType: DateTimeEvent['type']): DateTimeEvent => ({
    target: { name, value: current.current },
    type: eventType,
  });
  const shown = textToValue(kind, text) ?? '';
  const outOfRange = !!shown && ((!!min && shown < String(min)) || (!!max && shown > String(max)));

  return (
    <Form.Control
      {...rest}
      ref={input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      name={name}
      placeholder={rest.placeholder ?? datePlaceholder(kind)}
      value={text}
      isInvalid={isInvalid || unreadable || outOfRange}
      onChange={(e) => {
        setText(e.target.value);
        const next = textToValue(kind, e.target.value);
        setUnreadable(next === undefined);
        if ((next ?? '') === current.current) return;
        current.current = next ?? '';
        onChange?.(event('change'));
      }}
      onBlur={() => {
        // A readable text settles into the one format (9:5 becomes 09:05).
        if (!unreadable) setText(valueToText(kind, current.current));
        onBlur?.(event('blur'));
      }}
    />
  );
}
