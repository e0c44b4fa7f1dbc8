import { Alert, Card, Spinner, Table } from 'react-bootstrap';
import { useMediaCounts } from '../../../api/useMediaAdmin';
import { mediaAdminLabelsSet } from '../../../i18n/sets/media';
import { useTexts } from '../../../i18n/useTexts';

export function Counts({ mediaFolderName, tags }: { mediaFolderName: string; tags: string[] }) {
  const mediaAdminLabels = useTexts(mediaAdminLabelsSet);
  const counts = useMediaCounts(mediaFolderName, tags);
  const rows: [string, number | undefined][] = [
    [mediaAdminLabels.totalFiles, counts.data?.total],
    [mediaAdminLabels.pendingFiles, counts.data?.pending],
    [mediaAdminLabels.activeFiles, counts.data?.active],
    [mediaAdminLabels.expiredFiles, counts.data?.expired],
  ];
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        {mediaAdminLabels.counts}
      </Card.Header>
      <Card.Body>
        {counts.isError && (
          <Alert variant="warning" className="py-2">
            {mediaAdminLabels.countsUnavailable}
          </Alert>
        )}
        <Table
          size="sm"
          className="mb-0"
          aria-label={mediaAdminLabels.counts}
          aria-busy={counts.isLoading}
        >
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>
                  {counts.isLoading ? (
                    <Spinner size="sm" aria-label={mediaAdminLabels.loading} />
                  ) : (
                    (value ?? '-')
                  )}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">{mediaAdminLabels.tagFolderCount}</th>
              <td>{tags.length}</td>
            </tr>
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
