import { MEDIA_ADMIN_LABELS } from '@store-cloud/contracts';
import { Alert, Card, Spinner, Table } from 'react-bootstrap';
import { useMediaCounts } from '../../../api/useMediaAdmin';

export function Counts({ mediaFolderName, tags }: { mediaFolderName: string; tags: string[] }) {
  const counts = useMediaCounts(mediaFolderName, tags);
  const rows: [string, number | undefined][] = [
    [MEDIA_ADMIN_LABELS.totalFiles, counts.data?.total],
    [MEDIA_ADMIN_LABELS.pendingFiles, counts.data?.pending],
    [MEDIA_ADMIN_LABELS.activeFiles, counts.data?.active],
    [MEDIA_ADMIN_LABELS.expiredFiles, counts.data?.expired],
  ];
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        {MEDIA_ADMIN_LABELS.counts}
      </Card.Header>
      <Card.Body>
        {counts.isError && (
          <Alert variant="warning" className="py-2">
            {MEDIA_ADMIN_LABELS.countsUnavailable}
          </Alert>
        )}
        <Table
          size="sm"
          className="mb-0"
          aria-label={MEDIA_ADMIN_LABELS.counts}
          aria-busy={counts.isLoading}
        >
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>
                  {counts.isLoading ? (
                    <Spinner size="sm" aria-label={MEDIA_ADMIN_LABELS.loading} />
                  ) : (
                    (value ?? '-')
                  )}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">{MEDIA_ADMIN_LABELS.tagFolderCount}</th>
              <td>{tags.length}</td>
            </tr>
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
