import { useParams } from 'react-router';
import { MyEquipmentPage } from './my-equipment-page';
import { UnitPage } from './unit-page';

/** `/units` lists the user's equipment; `/units/:serial` is one unit's page (where an identification link leads). */
export function UnitsRoute() {
  const { serial } = useParams();
  return serial ? <UnitPage serial={serial} /> : <MyEquipmentPage />;
}
