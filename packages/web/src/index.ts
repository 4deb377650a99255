export { App } from './app/App';
export { ContainerProvider, useInjection } from './app/ContainerProvider';
export type { AppContainer, ContainerOverrides } from './app/container';
export { createAppContainer } from './app/container';
export type { Services, Token } from './app/tokens';
export { TOKENS } from './app/tokens';
export { TOAST_CONFIG } from './notifications/toastConfig';
