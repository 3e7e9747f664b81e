import sys

from printkit.outputs.html import main

sys.exit(main())
