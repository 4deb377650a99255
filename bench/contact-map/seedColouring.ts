import type postgres from 'postgres';

/**
 * A survey with an NPS question that invited every contact of the organisation: 70% answered (a
 * score 0–10 from the contact's id), 10% opened the link, the rest only received the mail. What
 * GET /contacts/map?survey_id= colours by, written set-based (a few statements for 10,000 contacts).
 * `title` names the survey (and keeps its link tokens apart from another's). Answers the survey's id.
 */
export async function seedNpsInvitations(
  sql: postgres.Sql,
  organizationId: number,
  title = 'Kaart-NPS',
): Promise<number> {
  const questions = [
    { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: false, position: 0, settings: {} },
  ];
  const [survey] = await sql<{ id: number }[]>`
    insert into surveys (organization_id, title, status, questions, published_at)
    values (${organizationId}, ${title}, 'open', ${sql.json(questions)}, now()) returning id`;
  const surveyId = Number(survey?.id);
  // One personal response per contact, its status by the contact's id.
  await sql`
    insert into survey_responses (survey_id, organization_id, token_hash, kind, status, started_at, completed_at)
    select ${surveyId}, ${organizationId}, md5(${title} || c.id), 'personal',
      case when c.id % 10 < 7 then 'completed' when c.id % 10 = 7 then 'in_progress' else 'pending' end,
      case when c.id % 10 < 8 then now() end,
      case when c.id % 10 < 7 then now() end
    from contacts c where c.organization_id = ${organizationId}`;
  await sql`
    insert into survey_invitations (organization_id, survey_id, contact_id, response_id, planned_at, sent_at, last_mail_at)
    select ${organizationId}, ${surveyId}, c.id, r.id, now(), now(), now()
    from contacts c join survey_responses r on r.token_hash = md5(${title} || c.id)
    where c.organization_id = ${organizationId}`;
  await sql`
    insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, submitted_at)
    select r.id, ${surveyId}, 'q-nps', '', (r.id % 11)::smallint, r.completed_at
    from survey_responses r where r.survey_id = ${surveyId} and r.status = 'completed'`;
  await sql`vacuum analyze survey_responses`;
  await sql`vacuum analyze survey_invitations`;
  await sql`vacuum analyze survey_answers`;
  return surveyId;
}
