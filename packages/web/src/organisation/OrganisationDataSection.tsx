import { useState } from 'react';
import { useLocation } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { Field } from '../forms/Field';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { DownloadButton } from '../shell/DownloadButton';

/**
 * The owner's 'Gegevens van de organisatie' on /organisatie: download everything as a ZIP, or
 * delete the organisation after typing its name.
 */
export function OrganisationDataSection({ name }: { name: string }) {
  const notices = useNotices();
  const ownData = useAsyncInjection(TOKENS.OwnDataUseCases);
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: string | null; field: string | null }>({
    busy: false,
    error: null,
    field: null,
  });

  async function remove() {
    setState({ busy: true, error: null, field: null });
    const result = await ownData.deleteOrganisation({ typedName: typed, name });
    if (result.ok) {
      setOpen(false);
      notices.info(`${name} is verwijderd.`);
      navigate('/dashboard', { replace: true });
      return;
    }
    setState({ busy: false, error: result.message, field: result.fields.confirm_name ?? null });
  }

  return (
    <section className="panel" aria-labelledby="organisation-data-heading">
      <h2 id="organisation-data-heading">Gegevens van de organisatie</h2>
      <p>
        Download alles van {name}: leden, huisstijl, abonnement en betalingen, surveys met hun antwoorden (ook
        als CSV per survey). Of verwijder de organisatie met alles erin.
      </p>
      <div className="row-actions">
        <DownloadButton
          label="Alles downloaden (ZIP)"
          failed="De gegevens konden niet worden gedownload."
          download={() => ownData.downloadOrganisation()}
        />
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            setTyped('');
            setState({ busy: false, error: null, field: null });
            setOpen(true);
          }}
        >
          Organisatie verwijderen
        </button>
      </div>
      {open ? (
        <ConfirmDialog
          title="Organisatie verwijderen"
          confirmLabel="Definitief verwijderen"
          busy={state.busy}
          error={state.error}
          onConfirm={() => void remove()}
          onCancel={() => setOpen(false)}
        >
          <p>
            {name} wordt verwijderd met alle surveys, antwoorden, sjablonen, uitnodigingen, huisstijl en
            betalingen. Een betaald abonnement stopt. Leden behouden hun account. Dit kan niet ongedaan worden
            gemaakt.
          </p>
          <Field
            id="delete-organisation-name"
            label={`Typ ${name} ter bevestiging`}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={state.field}
          />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
