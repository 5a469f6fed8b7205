/**
 * SPEC §2.6, §6: the viewer is the storefront's owner when the signed-in user's _id equals the
 * business's userId. Only a hint for the menu ('Mi negocio'); the API decides every permission.
 */
export function isStorefrontOwner(
  user: { _id: string } | null | undefined,
  businessUserId: string | null | undefined,
): boolean {
  return Boolean(user?._id && businessUserId && user._id === businessUserId)
}
