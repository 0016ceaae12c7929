import { useParams } from 'react-router';
import { DocumentLinkPage } from '../../features/document-link/components/document-link-page';
import { SoftwareItemPage } from '../../features/software/components/software-item-page';
import { SoftwareVersionPage } from '../../features/software/components/software-version-page';

// Route parameters are handed to the pages as props (spec §2), keeping the pages router-agnostic.

export function SoftwareItemRoute() {
  const { softwareEquipmentName = '' } = useParams();
  return <SoftwareItemPage softwareEquipmentName={softwareEquipmentName} />;
}

export function SoftwareVersionRoute() {
  const { softwareEquipmentName = '', filename = '' } = useParams();
  return <SoftwareVersionPage softwareEquipmentName={softwareEquipmentName} filename={filename} />;
}

export function DocumentLinkRoute() {
  const { documentData = '' } = useParams();
  return <DocumentLinkPage documentData={documentData} />;
}
