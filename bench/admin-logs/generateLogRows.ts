/**
 * SQL that writes `rows` application log rows of the last `rows` seconds (4 levels, 40
 * organisations, 3 actions, 4 route patterns, 97 distinct messages), for the log benchmarks.
 */
export const generateLogRows = (rows: number): string => `
  insert into app_logs (ts, log_date, level, category, org_id, action, route, http_status, message)
  select now() - (g || ' seconds')::interval, current_date,
         (array['info','warning','error','audit'])[g % 4 + 1], 'http', g % 40 + 1,
         (array['GET','POST','PATCH'])[g % 3 + 1],
         (array['/api/v1/users/me','/api/v1/organizations','/api/v1/payments/:id','/api/v1/plans'])[g % 4 + 1],
         (array[200, 201, 404, 500])[g % 4 + 1],
         'GET /api/v1/users/me 200 in ' || (g % 97) || ' ms'
  from generate_series(1, ${rows}) as g`;
