import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { DateTimeInput } from './DateTimeInput';
import { formatDateTime } from './date-format';

function Controlled({ onValue }: { onValue: (v: string) => void }) {
  const [value, setValue] = useState('2026-03-09');
  return (
    <label>
      Day
      <DateTimeInput
        type="date"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          onValue(e.target.value);
        }}
      />
    </label>
  );
}

function Registered({ onSubmit }: { onSubmit: (v: { from: string }) => void }) {
  const form = useForm({ defaultValues: { from: '2026-11-27T14:05' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <label>
        From
        <DateTimeInput type="datetime-local" {...form.register('from')} />
      </label>
      <button type="submit">Apply</button>
      <button type="button" onClick={() => form.reset({ from: '' })}>
        Reset
      </button>
    </form>
  );
}

describe('DateTimeInput', () => {
  it('shows a day as the tables do and gives the native value back', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('09/03/2026');
    await userEvent.clear(input);
    await userEvent.type(input, '1/12/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-01');
    await userEvent.tab();
    expect(input).toHaveValue('01/12/2026');
  });

  it('works with register: shows the default day first and 24 h, submits the native form', async () => {
    const onSubmit = vi.fn();
    render(<Registered onSubmit={onSubmit} />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveValue('27/11/2026 14:05');
    await userEvent.clear(input);
    await userEvent.type(input, '02/01/2027 23:30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSubmit.mock.calls[0][0]).toEqual({ from: '2027-01-02T23:30' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('');
  });

  it('marks text it cannot read and gives an empty value, as a native input does', async () => {
    const onSubmit = vi.fn();
    render(<Registered onSubmit={onSubmit} />);
    const input = screen.getByLabelText('From');
    await userEvent.clear(input);
    await userEvent.type(input, '31/02/2026 10:00');
    await userEvent.tab();
    expect(input).toHaveClass('is-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSubmit.mock.calls[0][0]).toEqual({ from: '' });
  });

  it('accepts the native form typed or pasted, and formats instants the same way', async () => {
    render(<Registered onSubmit={vi.fn()} />);
    const input = screen.getByLabelText('From');
    await userEvent.clear(input);
    await userEvent.type(input, '2026-05-04T07:08');
    await userEvent.tab();
    expect(input).toHaveValue('04/05/2026 07:08');
    expect(formatDateTime(new Date(2026, 4, 4, 19, 8, 9), true)).toBe('04/05/2026 19:08:09');
  });
});
