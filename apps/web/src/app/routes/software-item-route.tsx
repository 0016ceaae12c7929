import { useParams } from 'react-router';
import { SoftwareItemPage } from '../../features/software/components/software-item-page';

// Route parameters are handed to the pages as props (spec §2), keeping the pages router-agnostic.
export function SoftwareItemRoute() {
  const { softwareEquipmentName = '' } = useParams();
  return <SoftwareItemPage softwareEquipmentName={softwareEquipmentName} />;
}
