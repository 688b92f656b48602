// Runs inside report.html (inlined by src/report/html.ts after Chart.js): draws the charts described in the
// #report-data JSON, then checks each canvas really holds a drawing and says so on <body> (data-rendered="ok"),
// which scripts/check-report-render.mjs reads from headless Chromium's DOM dump.
(function () {
  'use strict';
  var body = document.body;
  var Chart = window.Chart;

  function inkedPixels(canvas) {
    var pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    var count = 0;
    for (var i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) count++;
    return count;
  }

  function pointsDrawn(chart) {
    var drawn = 0;
    chart.data.datasets.forEach(function (_, i) {
      chart.getDatasetMeta(i).data.forEach(function (p) {
        if (isFinite(p.x) && isFinite(p.y) && !p.skip) drawn++;
      });
    });
    return drawn;
  }

  function scales(spec) {
    var result = {
      x: { title: { display: true, text: spec.xLabel } },
      y: { title: { display: true, text: spec.yLabel } },
    };
    if (spec.yRange) {
      result.y.min = spec.yRange[0];
      result.y.max = spec.yRange[1];
    }
    if (spec.y2Label) {
      result.y2 = { position: 'right', title: { display: true, text: spec.y2Label }, grid: { drawOnChartArea: false } };
    }
    return result;
  }

  function draw(spec) {
    var canvas = document.getElementById(spec.id);
    var many = spec.labels.length > 60;
    return new Chart(canvas, {
      type: 'line',
      data: {
        labels: spec.labels,
        datasets: spec.datasets.map(function (d) {
          return {
            label: d.label,
            data: d.data,
            yAxisID: d.axis || 'y',
            borderColor: d.color,
            backgroundColor: d.color,
            borderDash: d.dashed ? [6, 4] : [],
            borderWidth: 2,
            pointRadius: many || d.constant ? 0 : 2.5,
            spanGaps: true,
            tension: 0,
          };
        }),
      },
      options: {
        animation: false, // draw synchronously, so the check below sees the finished chart
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom', labels: { usePointStyle: true, pointStyle: 'line' } } },
        scales: scales(spec),
      },
    });
  }

  try {
    if (typeof Chart !== 'function') throw new Error('Chart.js did not load');
    var specs = JSON.parse(document.getElementById('report-data').textContent).charts;
    var ink = [];
    var points = [];
    var failed = [];
    specs.forEach(function (spec) {
      var chart = draw(spec);
      var canvas = chart.canvas;
      ink.push(inkedPixels(canvas));
      points.push(pointsDrawn(chart));
      if (ink[ink.length - 1] === 0 || points[points.length - 1] === 0) failed.push(spec.id);
    });
    body.dataset.charts = String(specs.length);
    body.dataset.ink = ink.join(',');
    body.dataset.points = points.join(',');
    body.dataset.rendered = failed.length === 0 ? 'ok' : 'blank: ' + failed.join(' ');
  } catch (error) {
    body.dataset.rendered = 'error: ' + (error && error.message ? error.message : String(error));
  }
})();
