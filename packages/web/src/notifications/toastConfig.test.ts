import { describe, expect, it } from 'vitest';
import { TOAST_CONFIG } from './toastConfig';

describe('TOAST_CONFIG', () => {
  it('should match the notification settings of R-UI-1', () => {
    expect(TOAST_CONFIG).toEqual({
      position: 'top-center',
      autoClose: 4000,
      hideProgressBar: false,
      newestOnTop: false,
      closeOnClick: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      draggable: true,
      theme: 'colored',
      rtl: false,
      limit: 20,
      style: { width: '350px' },
    });
  });
});
