/**
 * The browser script at the end of the report's vega bundle: embeds every chart figure (see
 * chart-figure.ts) with vega-embed, SVG renderer, no action menu (its links lead to the network).
 * The static image is hidden only once the view has rendered, so a failure leaves the chart readable;
 * the failure is kept on the figure as `data-vega-error` and logged to the console.
 */
export const CHART_LOADER_JS = `
(function () {
  "use strict";
  function embedAll() {
    var figures = document.querySelectorAll("figure.vega-chart");
    Array.prototype.forEach.call(figures, function (figure) {
      var target = figure.querySelector(".vega-view");
      var data = figure.querySelector("script.vega-spec");
      var fallback = figure.querySelector(".vega-static");
      var hint = figure.querySelector(".hint");
      var spec;
      try {
        spec = JSON.parse(data.textContent);
      } catch (e) {
        figure.setAttribute("data-vega-error", String(e));
        return;
      }
      window.vegaEmbed(target, spec, { mode: "vega-lite", renderer: "svg", actions: false })
        .then(function (result) {
          if (fallback) fallback.hidden = true;
          if (hint) hint.hidden = false;
          figure.classList.add("interactive");
          figure.vegaView = result.view;
        })
        .catch(function (e) {
          target.hidden = true;
          figure.setAttribute("data-vega-error", String(e && e.message ? e.message : e));
          console.error("gasframes report: chart not interactive:", e);
        });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", embedAll);
  else embedAll();
})();
`;
