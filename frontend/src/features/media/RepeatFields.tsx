import { type RepeatFields as Repeat, WEEKDAYS } from '@store-cloud/contracts';
import { Form } from 'react-bootstrap';
import { DateTimeInput } from '../../ui/DateTimeInput';
import { daypartTextSet, weekdayLabelSet } from '../../i18n/sets/media';
import { useTexts } from '../../i18n/useTexts';

/** What a new repeat starts from when the box is ticked: office hours, no weekday yet. */
const NEW_REPEAT: Repeat = { weekdays: [], startTime: '09:00', endTime: '17:00' };

/**
 * Dayparting in the schedule form (issue 32): a repeat on weekdays between two daily times, in
 * the time zone of the tag's stores; unticked, the schedule runs once from its start to its end.
 */
export function RepeatFields({
  value,
  disabled,
  onChange,
}: {
  value: Repeat | undefined;
  disabled: boolean;
  onChange: (repeat: Repeat | undefined) => void;
}) {
  const weekdayLabel = useTexts(weekdayLabelSet);
  const daypartText = useTexts(daypartTextSet);
  const toggleDay = (day: Repeat['weekdays'][number], on: boolean) =>
    value &&
    onChange({
      ...value,
      weekdays: WEEKDAYS.filter((d) => (d === day ? on : value.weekdays.includes(d))),
    });
  return (
    <fieldset className="mb-3">
      <Form.Check
        type="switch"
        id="schedule-repeat"
        label={daypartText.repeat}
        checked={!!value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked ? NEW_REPEAT : undefined)}
      />
      {value && (
        <div className="border rounded p-2 mt-2">
          <Form.Text as="p" id="schedule-repeat-legend" className="mt-0">
            {daypartText.legend}
          </Form.Text>
          <fieldset aria-describedby="schedule-repeat-legend">
            <legend className="fs-6 mb-1">{daypartText.weekdays}</legend>
            {WEEKDAYS.map((day) => (
              <Form.Check
                key={day}
                inline
                type="checkbox"
                id={`schedule-repeat-${day}`}
                label={weekdayLabel[day]}
                checked={value.weekdays.includes(day)}
                disabled={disabled}
                onChange={(e) => toggleDay(day, e.target.checked)}
              />
            ))}
          </fieldset>
          <div className="d-flex flex-wrap gap-3 mt-2">
            <Form.Group controlId="schedule-repeat-start">
              <Form.Label>{daypartText.startTime}</Form.Label>
              <DateTimeInput
                type="time"
                value={value.startTime}
                disabled={disabled}
                onChange={(e) => onChange({ ...value, startTime: e.target.value })}
              />
            </Form.Group>
            <Form.Group controlId="schedule-repeat-end">
              <Form.Label>{daypartText.endTime}</Form.Label>
              <DateTimeInput
                type="time"
                value={value.endTime}
                disabled={disabled}
                onChange={(e) => onChange({ ...value, endTime: e.target.value })}
              />
            </Form.Group>
          </div>
        </div>
      )}
    </fieldset>
  );
}
