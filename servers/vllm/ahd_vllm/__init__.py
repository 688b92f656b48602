"""ES model servers on vLLM: a worker extension that runs ahd_es_servers' ES core on each worker's model, and a
front that serves the protocol through llm.collective_rpc. Only front.py imports vllm."""
