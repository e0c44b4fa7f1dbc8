import { MEDIA_LABELS, type MediaCompany, SCROLL_HEIGHT } from '@store-cloud/contracts';
import { useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import { matchesSearch } from '../../ui/search';

/** The company picker (spec §2): a searchable table of Company ID and Company Name. */
export function CompanyPicker({
  companies,
  onPick,
}: {
  companies: readonly MediaCompany[];
  onPick: (company: MediaCompany) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = companies.filter((c) => matchesSearch(search, c.companyId, c.companyName));
  return (
    <div>
      <Form.Control
        type="search"
        className="mb-2"
        placeholder={MEDIA_LABELS.searchCompanies}
        aria-label={MEDIA_LABELS.searchCompanies}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {!shown.length ? (
        <p className="text-body-secondary">{MEDIA_LABELS.noCompanies}</p>
      ) : (
        <div style={{ maxHeight: SCROLL_HEIGHT.companies, overflowY: 'auto' }}>
          <Table hover size="sm" className="align-middle">
            <thead>
              <tr>
                <th>{MEDIA_LABELS.companyId}</th>
                <th>{MEDIA_LABELS.companyName}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr
                  key={c.companyId}
                  data-testid="media-company-row"
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onPick(c)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') onPick(c);
                  }}
                >
                  <td>{c.companyId}</td>
                  <td className="text-break">{c.companyName}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </div>
  );
}
