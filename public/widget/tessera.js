/*!
 * Tessera's payment widget: the hosted payment page inline in a merchant's page or in an overlay.
 * No dependencies. Messages are checked by origin both ways: the frame's are taken only from this script's own
 * origin (the payment page's), and the merchant's style goes only to that origin.
 *
 *   Tessera.inline(element, { token, style, onSuccess, onDecline, onClose, onResize })
 *   Tessera.overlay({ token, style, onSuccess, onDecline, onClose, onResize })
 *
 * A callback that returns false keeps the shopper on the merchant's page; otherwise, when the payment ends, the top
 * window goes on to the session's URL for the outcome (success_url, decline_url…).
 */
(() => {
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src).origin : window.location.origin;

  function pageUrl(token, mode) {
    return origin + "/widget/hpp.html?token=" + encodeURIComponent(token) + "&iframe=" + mode;
  }

  function call(callback, value) {
    return typeof callback === "function" ? callback(value) : undefined;
  }

  function createFrame(options, mode) {
    if (!options || typeof options.token !== "string" || !/^[0-9a-f]{64}$/.test(options.token)) {
      throw new TypeError("Tessera: options.token must be the checkout's token");
    }
    var iframe = document.createElement("iframe");
    iframe.src = pageUrl(options.token, mode);
    iframe.title = options.title || "Payment";
    iframe.setAttribute("allow", "payment");
    iframe.style.cssText = "display:block;border:0;width:100%;min-width:280px;height:480px;overflow:hidden";
    return iframe;
  }

  /** Listens to the frame's messages (from the payment page's origin and that frame only). */
  function connect(iframe, options, finish, onEscape) {
    function onMessage(event) {
      var result, callback, keep;
      if (event.origin !== origin || event.source !== iframe.contentWindow) return;
      var data = event.data && event.data.tessera;
      if (!data || typeof data !== "object") return;
      if (data.type === "ready") {
        sendStyle();
      } else if (data.type === "escape") {
        if (onEscape) onEscape();
      } else if (data.type === "resize" && typeof data.height === "number" && data.height > 0) {
        iframe.style.height = Math.ceil(data.height) + "px";
        call(options.onResize, data.height);
      } else if (data.type === "result" && typeof data.url === "string") {
        result = { status: data.status, url: data.url };
        callback =
          data.status === "successful"
            ? options.onSuccess
            : data.status === "canceled"
              ? options.onClose
              : options.onDecline;
        keep = call(callback, result);
        finish(result);
        if (keep !== false && /^https?:/i.test(data.url)) window.location.assign(data.url);
      }
    }
    window.addEventListener("message", onMessage);
    // The page says when it is ready for the style (and may load again: 3-D Secure, the result page).
    function sendStyle() {
      if (options.style && iframe.contentWindow) {
        iframe.contentWindow.postMessage({ css: options.style }, origin);
      }
    }
    iframe.addEventListener("load", sendStyle);
    return () => {
      window.removeEventListener("message", onMessage);
    };
  }

  function inline(element, options) {
    var host = typeof element === "string" ? document.querySelector(element) : element;
    if (!host) throw new TypeError("Tessera.inline: no such element");
    var iframe = createFrame(options, "inline");
    var disconnect = connect(iframe, options, () => {});
    host.appendChild(iframe);
    return {
      iframe: iframe,
      destroy: () => {
        disconnect();
        iframe.remove();
      },
    };
  }

  function overlay(options) {
    var narrow = window.matchMedia("(max-width: 599.98px)").matches;
    var dialog = document.createElement("dialog");
    dialog.setAttribute("aria-label", options.title || "Payment");
    dialog.style.cssText = narrow
      ? "margin:0;padding:0;border:0;width:100vw;max-width:100vw;height:100vh;max-height:100vh;overflow:auto"
      : "padding:0;border:0;border-radius:12px;width:min(34rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);overflow:auto;box-shadow:0 12px 48px rgba(0,0,0,.35)";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", options.closeLabel || "Close");
    close.style.cssText =
      "position:sticky;top:0;float:right;z-index:1;width:44px;height:44px;border:0;background:transparent;font:28px/1 system-ui,sans-serif;color:#14171f;cursor:pointer";
    var iframe = createFrame(options, "overlay");
    dialog.appendChild(close);
    dialog.appendChild(iframe);
    document.body.appendChild(dialog);
    var done = false;
    var disconnect = connect(
      iframe,
      options,
      () => {
        done = true;
      },
      dismiss,
    );
    function dismiss() {
      if (dialog.open) dialog.close();
    }
    close.addEventListener("click", dismiss);
    // Escape closes a modal dialog by itself (its "cancel" event); focus stays inside it while it is open.
    dialog.addEventListener("close", () => {
      disconnect();
      dialog.remove();
      if (!done) call(options.onClose, { status: "closed" });
    });
    dialog.showModal();
    return { iframe: iframe, dialog: dialog, close: dismiss };
  }

  window.Tessera = { inline: inline, overlay: overlay, origin: origin };
})();
