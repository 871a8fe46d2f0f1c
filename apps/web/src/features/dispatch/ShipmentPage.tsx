import { useParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { useProgramme } from '../clinical/programme';
import type { PageProps } from '../../shared/page/pageProps';
import { ShipmentView } from './ShipmentView';
import './dispatch.css';

/** One shipment (`/dispatch/shipment/:id`), opened from the lists of either of its laboratories. */
export default function ShipmentPage({ page }: PageProps) {
  const { id } = useParams();
  const programme = useProgramme();
  const number = Number(id);
  return (
    <ClinicalPage page={page} className="dsp-page">
      <ShipmentView key={number} id={number} sends={programme.may('dispatch')} />
    </ClinicalPage>
  );
}
