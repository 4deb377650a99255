/**
 * The business analysis report's renderer (core's report pipeline: he and marked), loaded with the
 * first report rather than with every page, and without the PDF layout, which comes with 'PDF'.
 * Nothing here knows inversify.
 */
export { createReportRenderer } from '@loop/core/report';
