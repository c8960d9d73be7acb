-- A tokenization, payment, authorization or payout stores its own facts only (`OwnBody`,
-- lib/gateway/transactions/own-body.ts), no longer its response: what the request echoed, the card as described, the
-- 3-D Secure verification, its result under `result` (not under its type's name), a money transaction's receipt, an
-- authorization's expiry (no longer inside a stored `amounts`) and a subscription charge's subscription (null where
-- they do not apply). Its type, amount, currency, tracking id and test flag are columns, its `amounts` its children's
-- totals: its response is rendered from these at read (`renderOwnBody`), by one literal that fixes the key order.
-- `json_build_object` over the `json` column keeps each nested object's keys (the card's, …) in their order.
UPDATE "transactions" AS t
   SET "body" = json_build_object(
    'message', t.body->'message',
    'description', t.body->'description',
    'language', t.body->'language',
    'paid_at', t.body->'paid_at',
    'redirect_url', t.body->'redirect_url',
    'duplicate_check', t.body->'duplicate_check',
    'dynamic_billing_descriptor', t.body->'dynamic_billing_descriptor',
    'notification_url', t.body->'notification_url',
    'verification_url', t.body->'verification_url',
    'return_url', t.body->'return_url',
    'skip_three_d_secure_verification', t.body->'skip_three_d_secure_verification',
    'force_three_d_secure_verification', t.body->'force_three_d_secure_verification',
    'three_d_secure', t.body->'three_d_secure',
    'credit_card', t.body->'credit_card',
    'three_d_secure_verification', t.body->'three_d_secure_verification',
    'result', t.body->t.type,
    'additional_data', t.body->'additional_data',
    'smart_routing_verification', t.body->'smart_routing_verification',
    'customer', t.body->'customer',
    'billing_address', t.body->'billing_address',
    'travel', t.body->'travel',
    'receipt_url', t.body->'receipt_url',
    'authorization_expires_at', t.body->'amounts'->'authorization_expires_at',
    'subscription_id', t.body->'subscription_id')
 WHERE t.type IN ('tokenization', 'payment', 'authorization', 'credit');
