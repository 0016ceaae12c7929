import { DocumentsPage } from '../../features/admin/components/documents-page';
import { PaperRequestsSummary } from '../../features/admin-paper-requests/components/paper-requests-summary';

// The console opens on its documents; features may not import each other, so the app places the paper requests' count there.
export function ConsoleHomeRoute() {
  return <DocumentsPage notices={<PaperRequestsSummary />} />;
}
