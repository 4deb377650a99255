import './editor/surveyEditor.css';
import type { CreateSurveyRequest, SurveyTemplate } from '@loop/core';
import { mayManageTemplates } from '@loop/core/organisation';
import { BLANK_SURVEY, questionCountText, TEMPLATE_MESSAGES } from '@loop/core/surveys/editor';
import { formatEstimate } from '@loop/core/surveys/model';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { FormAlert } from '../forms/FormAlert';
import { useCurrentRole } from '../organisation/useCurrentRole';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { type SurveyTemplates, useSurveyTemplates } from './editor/useSurveyTemplates';
import { TemplateForm } from './TemplateForm';

type Creating = 'blank' | number | null;

/** /new-survey: start blank or from a template; template managers keep the organisation's templates here. */
export function NewSurveyScreen() {
  const surveys = useAsyncInjection(TOKENS.SurveysGateway);
  const { user, organisation } = useCurrentUser();
  const manager = mayManageTemplates(useCurrentRole(), user?.can_manage_templates === true);
  const templates = useSurveyTemplates(organisation?.id ?? null);
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState<Creating>(null);
  const [error, setError] = useState<string | null>(null);

  const create = async (request: CreateSurveyRequest, key: Exclude<Creating, null>) => {
    setCreating(key);
    setError(null);
    const result = await surveys.create(request);
    if (result.ok) {
      navigate(`/survey/${result.value.id}/edit`);
      return;
    }
    setCreating(null);
    setError(result.detail);
  };

  const all = templates.list.value ?? [];
  const builtIn = all.filter((template) => template.built_in);
  const own = all.filter((template) => !template.built_in);

  return (
    <Page
      title="Nieuwe survey"
      lead="Begin met een lege survey of met een sjabloon. Je kunt alles daarna aanpassen."
    >
      <FormAlert message={error} />
      <section className="editor-section" aria-labelledby="blank-heading">
        <h2 id="blank-heading" className="visually-hidden">
          Leeg beginnen
        </h2>
        <div className="template-card template-card-blank">
          <h3 className="template-name">Lege survey</h3>
          <p className="template-description">Begin met een titel en voeg zelf vragen toe.</p>
          <button
            type="button"
            className="button"
            disabled={creating !== null}
            aria-busy={creating === 'blank' || undefined}
            onClick={() => void create(BLANK_SURVEY, 'blank')}
          >
            Lege survey
          </button>
        </div>
      </section>

      {templates.list.value === null && templates.list.error ? (
        <LoadFailed message={templates.list.error} onRetry={templates.list.reload} />
      ) : templates.list.value === null ? (
        <Loading />
      ) : (
        <>
          <TemplateSection
            title="Sjablonen van Loop"
            items={builtIn}
            empty="Er zijn geen ingebouwde sjablonen."
            manager={false}
            templates={templates}
            creating={creating}
            onUse={(template) => void create({ template_id: template.id }, template.id)}
          />
          <TemplateSection
            title={`Sjablonen van ${organisation?.name ?? 'je organisatie'}`}
            items={own}
            empty={
              manager
                ? "Je organisatie heeft nog geen eigen sjablonen. Bewaar een survey als sjabloon met 'Opslaan als sjabloon' in de editor."
                : 'Je organisatie heeft nog geen eigen sjablonen.'
            }
            manager={manager}
            templates={templates}
            creating={creating}
            onUse={(template) => void create({ template_id: template.id }, template.id)}
          />
        </>
      )}
    </Page>
  );
}

/** One group of templates as cards; without `onUse` (on /admin) the cards only manage. */
export function TemplateSection({
  title,
  items,
  empty,
  manager,
  templates,
  creating,
  onUse,
}: {
  title: string;
  items: readonly SurveyTemplate[];
  empty: string;
  manager: boolean;
  templates: SurveyTemplates;
  creating: Creating;
  onUse?: (template: SurveyTemplate) => void;
}) {
  const id = useId();
  return (
    <section className="editor-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <ul className="card-grid template-cards">
          {items.map((template) => (
            <li key={template.id}>
              <TemplateCard
                template={template}
                manager={manager && !template.built_in}
                templates={templates}
                creating={creating}
                onUse={onUse ? () => onUse(template) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Mode = 'view' | 'edit' | 'confirm-delete';

function TemplateCard({
  template,
  manager,
  templates,
  creating,
  onUse,
}: {
  template: SurveyTemplate;
  manager: boolean;
  templates: SurveyTemplates;
  creating: Creating;
  onUse: (() => void) | undefined;
}) {
  const notices = useNotices();
  const [mode, setMode] = useState<Mode>('view');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const manageButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const previous = useRef<Mode>('view');

  useEffect(() => {
    if (mode === 'confirm-delete') confirmButton.current?.focus();
    else if (mode === 'view' && previous.current !== 'view') manageButton.current?.focus();
    previous.current = mode;
  }, [mode]);

  const remove = async () => {
    setBusy(true);
    const result = await templates.remove(template);
    setBusy(false);
    if (result.ok) notices.success(TEMPLATE_MESSAGES.deleted(template.name));
    else setError(result.message ?? 'Het sjabloon kon niet worden verwijderd.');
  };

  if (mode === 'edit')
    return (
      <div className="template-card">
        <RenameForm template={template} templates={templates} onDone={() => setMode('view')} />
      </div>
    );

  return (
    <article className="template-card" aria-labelledby={`template-${template.id}-name`}>
      <h3 id={`template-${template.id}-name`} className="template-name">
        {template.name}
      </h3>
      {template.description ? <p className="template-description">{template.description}</p> : null}
      <p className="template-meta">
        {questionCountText(template.questions.length)} · {formatEstimate(template.estimated_seconds)}
        {template.built_in ? null : <span className="template-own"> · eigen sjabloon</span>}
      </p>
      <div className="actions">
        {onUse ? (
          <button
            type="button"
            className="button"
            disabled={creating !== null}
            aria-busy={creating === template.id || undefined}
            onClick={onUse}
          >
            Gebruik dit sjabloon<span className="visually-hidden">: {template.name}</span>
          </button>
        ) : null}
        {manager ? (
          <>
            <button
              ref={manageButton}
              type="button"
              className="button button-secondary"
              onClick={() => setMode('edit')}
            >
              Wijzigen<span className="visually-hidden">: {template.name}</span>
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setError(null);
                setMode('confirm-delete');
              }}
            >
              Verwijderen<span className="visually-hidden">: {template.name}</span>
            </button>
          </>
        ) : null}
      </div>
      {mode === 'confirm-delete' ? (
        <div className="confirm">
          <p>Sjabloon '{template.name}' verwijderen? Surveys die ermee zijn gemaakt, blijven bestaan.</p>
          <div className="actions">
            <button
              ref={confirmButton}
              type="button"
              className="button button-danger"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void remove()}
            >
              Ja, verwijderen
            </button>
            <button type="button" className="button button-secondary" onClick={() => setMode('view')}>
              Annuleren
            </button>
          </div>
          <FormAlert message={error} />
        </div>
      ) : null}
    </article>
  );
}

function RenameForm({
  template,
  templates,
  onDone,
}: {
  template: SurveyTemplate;
  templates: SurveyTemplates;
  onDone: () => void;
}) {
  const notices = useNotices();
  return (
    <TemplateForm
      initial={{ name: template.name, description: template.description }}
      descriptionLabel="Omschrijving"
      submitLabel="Opslaan"
      save={(meta) => templates.rename(template, meta)}
      onSaved={() => {
        notices.success(TEMPLATE_MESSAGES.updated);
        onDone();
      }}
      onCancel={onDone}
    />
  );
}
