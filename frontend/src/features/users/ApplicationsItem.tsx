import { type Application } from '@store-cloud/contracts';
import { Accordion, Form } from 'react-bootstrap';
import { type Control, useController } from 'react-hook-form';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import type { ExistingUserValues } from './existing-user.form';
import { usersTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/**
 * Edit user's Allowed Applications: the system and the site applications, each a checkbox over
 * the form's applications.
 */
export function ApplicationsItem({
  control,
  apps,
  loading,
}: {
  control: Control<ExistingUserValues>;
  apps: Application[];
  loading: boolean;
}) {
  const { field } = useController({ control, name: 'applications' });
  const text = useTexts(usersTextSet);
  const selected = field.value;
  const onToggle = (name: string, on: boolean) =>
    field.onChange(on ? [...selected, name] : selected.filter((a) => a !== name));
  const systemApps = apps.filter((a) => a.systemApp);
  const siteApps = apps.filter((a) => a.siteApp);
  const appList = (title: string, list: Application[]) =>
    list.length > 0 && (
      <fieldset className="mb-2">
        <legend className="fs-6 fw-semibold">{title}</legend>
        {list.map((a) => (
          <Form.Check
            key={a.name}
            id={`app-${a.name.replace(/\W+/g, '-')}`}
            label={a.name}
            checked={selected.includes(a.name)}
            onChange={(e) => onToggle(a.name, e.target.checked)}
          />
        ))}
      </fieldset>
    );
  return (
    <Accordion.Item eventKey="apps">
      <Accordion.Header>{text.allowedApplications}</Accordion.Header>
      <Accordion.Body>
        {loading ? (
          <LoadingSpinner small />
        ) : systemApps.length + siteApps.length === 0 ? (
          <p className="mb-0">{text.noApplications}</p>
        ) : (
          <>
            {appList(text.systemApplications, systemApps)}
            {appList(text.siteApplications, siteApps)}
          </>
        )}
      </Accordion.Body>
    </Accordion.Item>
  );
}
