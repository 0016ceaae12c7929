import { useParams } from 'react-router';
import { DocumentLinkPage } from '../../features/document-link/components/document-link-page';

// Route parameters are handed to the pages as props (spec §2), keeping the pages router-agnostic.
export function DocumentLinkRoute() {
  const { documentData = '' } = useParams();
  return <DocumentLinkPage documentData={documentData} />;
}
