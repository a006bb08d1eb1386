"""A standard AP2 platform written with AP2's own reference SDK (../shared/ap2-sdk/src, pinned,
unmodified): given a business's signed checkout, it issues the open Checkout Mandate with AP2's
constraints (checkout.line_items for the checkout's lines, checkout.allowed_merchants for its
merchant), signed by the platform key (its kid listed in the platform's profile), and presents the
closed one over `checkout_jwt` with the agent key, made out to the business.

Reads JSON on stdin: {"platform_jwk": private EC JWK with kid, "checkout": the checkout with
ap2.merchant_authorization, "checkout_jwt": that checkout as AP2's checkout_jwt, "aud": the
business's base URL}. Writes {"checkout_mandate": "<open>~<closed>"} on stdout. Run with the Python
of check-chain.sh's environment and the SDK's src/ first on sys.path (packages/store's test does).
"""
import json
import sys
import time

from jwcrypto.jwk import JWK

import ap2.sdk.mandate as ap2_mandate
from ap2.sdk.generated.checkout_mandate import CheckoutMandate
from ap2.sdk.generated.open_checkout_mandate import AllowedMerchants, Item, LineItemRequirements, LineItems, OpenCheckoutMandate
from ap2.sdk.generated.types.merchant import Merchant
from ap2.sdk.mandate import MandateClient
from ap2.sdk.sdjwt import common


def main() -> None:
    request = json.load(sys.stdin)
    ap2_mandate.LOG_FILE_PATH = request.get('log_path', '/dev/null')
    now = int(time.time())
    platform = JWK(**request['platform_jwk'])
    agent = JWK.generate(kty='EC', crv='P-256', kid='agent-key-1')
    checkout = request['checkout']
    line_items = LineItems(items=[
        LineItemRequirements(id=line['id'], acceptable_items=[Item(id=line['item']['id'], title=line['item'].get('title', line['item']['id']))], quantity=line['quantity'])
        for line in checkout['line_items']
    ])
    constraints = [line_items]
    if isinstance(checkout.get('merchant'), dict):
        constraints.append(AllowedMerchants(allowed=[Merchant(**checkout['merchant'])]))
    cnf = {'jwk': json.loads(agent.export_public())}
    mc = MandateClient()
    open_token = mc.create(payloads=[OpenCheckoutMandate(constraints=constraints, cnf=cnf, iat=now, exp=now + 3600)], issuer_key=platform)
    checkout_jwt = request['checkout_jwt']
    closed = CheckoutMandate(checkout_jwt=checkout_jwt, checkout_hash=common.compute_disclosure_digest(checkout_jwt, 'sha-256'), iat=now)
    chain = mc.present(holder_key=agent, mandate_token=open_token, payloads=[closed], aud=request['aud'], nonce='n-' + str(now))
    json.dump({'checkout_mandate': chain}, sys.stdout)


if __name__ == '__main__':
    main()
