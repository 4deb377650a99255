/**
 * What the contacts screen (/contacten) needs, loaded by the container with that screen instead of
 * with every page. Nothing here knows inversify.
 */
export { createContactMapGateway, createContactsGateway } from '@loop/adapters';
export { createContactMapUseCases, createContactsUseCases } from '@loop/core/contactsScreen';
