import { useParams } from 'react-router';
import { SoftwareVersionPage } from '../../features/software/components/software-version-page';

// Route parameters are handed to the pages as props (spec §2), keeping the pages router-agnostic.
export function SoftwareVersionRoute() {
  const { softwareEquipmentName = '', filename = '' } = useParams();
  return <SoftwareVersionPage softwareEquipmentName={softwareEquipmentName} filename={filename} />;
}
