import { useMutation } from '@tanstack/react-query';
import { checkoutResponse, type CheckoutBody } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';

/**
 * POST /api/donations/checkout: starts a payment and answers where to send the donor, the
 * provider's checkout page or the demo checkout on this site.
 */
export async function startCheckout(body: CheckoutBody) {
  const { url } = await apiFetch('/api/donations/checkout', checkoutResponse, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return url;
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
