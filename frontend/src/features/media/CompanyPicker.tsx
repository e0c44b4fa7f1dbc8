import { MEDIA_LABELS, type MediaCompany, SCROLL_HEIGHT } from '@store-cloud/contracts';
import { clickable } from '../../ui/clickable';
import { type Column, SearchableTable } from '../../ui/SearchableTable';

const columns: Column<MediaCompany>[] = [
  { header: MEDIA_LABELS.companyId, cell: (c) => c.companyId },
  { header: MEDIA_LABELS.companyName, cell: (c) => c.companyName, className: 'text-break' },
];

/** The company picker (spec §2): a searchable table of Company ID and Company Name. */
export function CompanyPicker({
  companies,
  onPick,
}: {
  companies: readonly MediaCompany[];
  onPick: (company: MediaCompany) => void;
}) {
  return (
    <div>
      <SearchableTable
        rows={companies}
        searchLabel={MEDIA_LABELS.searchCompanies}
        searchFields={(c) => [c.companyId, c.companyName]}
        tableClassName="align-middle"
        columns={columns}
        rowKey={(c) => c.companyId}
        rowProps={(c) => ({
          'data-testid': 'media-company-row',
          ...clickable(() => onPick(c), { space: true }),
        })}
        maxHeight={SCROLL_HEIGHT.companies}
        empty={<p className="text-body-secondary">{MEDIA_LABELS.noCompanies}</p>}
      />
    </div>
  );
}
