import {
  type MediaCompany,
  PROOF_OF_PLAY_DIMENSIONS,
  type ProofOfPlayDimension,
} from '@store-cloud/contracts';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { proofOfPlayTextSet } from '../../i18n/sets/proof-of-play';
import { useTexts } from '../../i18n/useTexts';
import { DateTimeInput } from '../../ui/DateTimeInput';

export interface Filters {
  companyId?: number;
  from: string;
  to: string;
  dimension: ProofOfPlayDimension;
  tag?: string;
  storeId?: number;
}

/** The Proof of Play filters: company, days, per what, within one tag or one store; CSV export. */
export function ProofOfPlayFilters({
  filters,
  companyId,
  companies,
  onChange,
  exportCsv,
}: {
  filters: Filters;
  /** The company on screen (the first until one is chosen). */
  companyId: number | undefined;
  companies: readonly MediaCompany[];
  onChange: (change: Partial<Filters>) => void;
  /** Undefined while the filters are not a valid query. */
  exportCsv: (() => void) | undefined;
}) {
  const text = useTexts(proofOfPlayTextSet);
  const company = companies.find((c) => c.companyId === companyId);
  return (
    <Form aria-label={text.filters} className="mb-3" onSubmit={(e) => e.preventDefault()}>
      <Row className="g-2">
        <Form.Group as={Col} xs={12} md={4} controlId="pop-company">
          <Form.Label>{text.company}</Form.Label>
          <Form.Select
            value={companyId ?? ''}
            onChange={(e) =>
              onChange({ companyId: Number(e.target.value), tag: undefined, storeId: undefined })
            }
          >
            {companies.map((c) => (
              <option key={c.companyId} value={c.companyId}>
                {c.companyName} ({c.companyId})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} xs={6} md={2} controlId="pop-from">
          <Form.Label>{text.from}</Form.Label>
          <DateTimeInput
            type="date"
            value={filters.from}
            onChange={(e) => onChange({ from: e.target.value })}
          />
        </Form.Group>
        <Form.Group as={Col} xs={6} md={2} controlId="pop-to">
          <Form.Label>{text.to}</Form.Label>
          <DateTimeInput
            type="date"
            value={filters.to}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </Form.Group>
        <Form.Group as={Col} xs={12} md={4} controlId="pop-dimension">
          <Form.Label>{text.dimension}</Form.Label>
          <Form.Select
            value={filters.dimension}
            onChange={(e) => onChange({ dimension: e.target.value as ProofOfPlayDimension })}
          >
            {PROOF_OF_PLAY_DIMENSIONS.map((d) => (
              <option key={d} value={d}>
                {text.dimensionLabel[d]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} xs={12} md={4} controlId="pop-tag">
          <Form.Label>{text.tag}</Form.Label>
          <Form.Select
            value={filters.tag ?? ''}
            onChange={(e) => onChange({ tag: e.target.value || undefined, storeId: undefined })}
          >
            <option value="">{text.anyTag}</option>
            {company?.tagsList.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} xs={12} md={4} controlId="pop-store">
          <Form.Label>{text.store}</Form.Label>
          <Form.Select
            value={filters.storeId ?? ''}
            onChange={(e) =>
              onChange({
                storeId: e.target.value ? Number(e.target.value) : undefined,
                tag: undefined,
              })
            }
          >
            <option value="">{text.anyStore}</option>
            {company?.stores.map((s) => (
              <option key={s.storeId} value={s.storeId}>
                {s.storeName} ({s.storeId})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Col xs={12} md={4} className="d-flex align-items-end">
          <Button variant="outline-primary" disabled={!exportCsv} onClick={exportCsv}>
            {text.exportCsv}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
