import {
  allowedDestinations,
  DESTINATIONS,
  isLogLevelOperation,
  LOG_LEVELS,
  type LogLevel,
  MESSAGE_TYPE,
  MESSAGE_TYPES,
  MESSAGING_LABELS,
  OPERATIONS,
} from '@store-cloud/contracts';
import { Alert, Button, Form, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { SelectField } from '../../ui/SelectField';
import { type MessageDraft, withOperation, withType } from './message-draft';

/**
 * The Create Message form (spec §2, §4): type, content or operation, the destinations the type
 * or operation allows, and for a log-level operation the level and its period in minutes.
 */
export function CreateMessageForm({
  draft,
  errors,
  onChange,
  onPrepare,
}: {
  draft: MessageDraft;
  errors: readonly string[];
  /** `clears`: the change sets content or level, which clears the shown errors (spec §5). */
  onChange: (draft: MessageDraft, clears: boolean) => void;
  onPrepare: () => void;
}) {
  const command = draft.type === MESSAGE_TYPE.command;
  const allowed = allowedDestinations(draft.type, draft.operation);
  const toggleDestination = (destination: (typeof DESTINATIONS)[number]) =>
    onChange(
      {
        ...draft,
        destinations: draft.destinations.includes(destination)
          ? draft.destinations.filter((d) => d !== destination)
          : [...draft.destinations, destination],
      },
      false,
    );

  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onPrepare();
      }}
    >
      <Form.Group className="mb-3">
        <Form.Label as="div" id="message-type-label">
          {MESSAGING_LABELS.messageType}
        </Form.Label>
        <ToggleButtonGroup
          type="radio"
          name="message-type"
          value={draft.type}
          aria-labelledby="message-type-label"
          onChange={(type) => onChange(withType(draft, type), false)}
        >
          {MESSAGE_TYPES.map((type) => (
            <ToggleButton
              key={type}
              id={`message-type-${type}`}
              value={type}
              variant="outline-primary"
            >
              {type}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Form.Group>

      {command ? (
        <SelectField
          id="message-operation"
          label={MESSAGING_LABELS.operation}
          value={draft.operation ?? ''}
          options={OPERATIONS}
          placeholder={MESSAGING_LABELS.chooseOperation}
          onChange={(op) => onChange(withOperation(draft, op || null), true)}
        />
      ) : (
        <Form.Group className="mb-3" controlId="message-content">
          <Form.Label>{MESSAGING_LABELS.content}</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            maxLength={2000}
            value={draft.content}
            onChange={(e) => onChange({ ...draft, content: e.target.value }, true)}
          />
        </Form.Group>
      )}

      <Form.Group className="mb-3">
        <Form.Label as="div">{MESSAGING_LABELS.destinations}</Form.Label>
        {DESTINATIONS.map((destination) => (
          <Form.Check
            key={destination}
            inline
            id={`destination-${destination}`}
            label={destination}
            disabled={!allowed.includes(destination)}
            checked={draft.destinations.includes(destination)}
            onChange={() => toggleDestination(destination)}
          />
        ))}
      </Form.Group>

      {command && isLogLevelOperation(draft.operation) && (
        <div className="row g-3 mb-3">
          <SelectField
            id="message-log-level"
            className="col-sm-6"
            label={MESSAGING_LABELS.logLevel}
            value={draft.logLevel}
            options={LOG_LEVELS}
            onChange={(level) => onChange({ ...draft, logLevel: level as LogLevel }, true)}
          />
          <Form.Group className="col-sm-6" controlId="message-log-period">
            <Form.Label>{MESSAGING_LABELS.logLevelTimePeriod}</Form.Label>
            <Form.Control
              type="number"
              min={0}
              step={1}
              required
              value={draft.logLevelTimePeriod}
              onChange={(e) =>
                onChange(
                  {
                    ...draft,
                    logLevelTimePeriod: Math.max(0, Math.trunc(Number(e.target.value) || 0)),
                  },
                  false,
                )
              }
            />
          </Form.Group>
        </div>
      )}

      {errors.length > 0 && (
        <Alert variant="danger">
          {errors.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      )}
      <Button type="submit">{MESSAGING_LABELS.prepareMessage}</Button>
    </Form>
  );
}
